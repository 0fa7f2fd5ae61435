import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { AdminPropertiesController } from './admin-properties.controller';
import { InvitationLinksController, PropertyInvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';
import { PropertiesController } from './properties.controller';
import { PropertiesService } from './properties.service';
import { PropertyAccess } from './property-access.service';
import { PropertyInvitation } from './property-invitation.entity';
import { PropertyMember } from './property-member.entity';
import { Property } from './property.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Property, PropertyMember, PropertyInvitation]), UsersModule, AuditModule, MailModule],
  controllers: [PropertiesController, AdminPropertiesController, PropertyInvitationsController, InvitationLinksController],
  providers: [PropertiesService, PropertyAccess, InvitationsService],
  exports: [PropertiesService, PropertyAccess],
})
export class PropertiesModule {}
