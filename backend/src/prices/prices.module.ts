import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { PriceRange } from './price-range.entity';
import { PricesController } from './prices.controller';
import { PricesService } from './prices.service';

@Module({
  imports: [TypeOrmModule.forFeature([PriceRange]), UsersModule],
  controllers: [PricesController],
  providers: [PricesService],
})
export class PricesModule {}
